// The component recipes this app ships: ONLY those of components used somewhere in src/ (the full
// default theme carries ~75 recipes, ~115 KB minified, into the first load). Adding a Chakra component
// that has a recipe? Add its recipe here: `src/theme/system.test.ts` scans every `@chakra-ui/react`
// import in src/ and fails when a used component's recipe is missing (it would render unstyled).
// A component that only a module loaded on demand renders registers its recipe there instead
// (`registerSlotRecipes` in ./system: the drawer, the bell's popover, the toaster).
import {
  alertSlotRecipe,
  buttonRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  containerRecipe,
  dialogSlotRecipe,
  fieldSlotRecipe,
  fieldsetSlotRecipe,
  headingRecipe,
  iconRecipe,
  inputRecipe,
  linkRecipe,
  listSlotRecipe,
  nativeSelectSlotRecipe,
  progressSlotRecipe,
  skeletonRecipe,
  spinnerRecipe,
  tableSlotRecipe,
  textareaRecipe,
} from '@chakra-ui/react/theme';

export const recipes = {
  button: buttonRecipe, // Button, IconButton, CloseButton, ButtonGroup
  checkmark: checkmarkRecipe,
  container: containerRecipe,
  heading: headingRecipe,
  icon: iconRecipe,
  input: inputRecipe,
  link: linkRecipe,
  skeleton: skeletonRecipe,
  spinner: spinnerRecipe, // also Button's `loading` state
  textarea: textareaRecipe,
};

export const slotRecipes = {
  alert: alertSlotRecipe,
  checkbox: checkboxSlotRecipe,
  dialog: dialogSlotRecipe,
  field: fieldSlotRecipe,
  fieldset: fieldsetSlotRecipe,
  list: listSlotRecipe,
  nativeSelect: nativeSelectSlotRecipe,
  progress: progressSlotRecipe,
  table: tableSlotRecipe,
};
