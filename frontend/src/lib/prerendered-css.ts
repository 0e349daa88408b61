/**
 * The id of the one `<style>` a prerendered page carries in its head (entry-server.tsx writes it): when it is
 * there, AppThemeProvider knows Chakra's global styles are already in the page.
 */
export const PRERENDERED_CSS_ID = 'prerendered-css';
