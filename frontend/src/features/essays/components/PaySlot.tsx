import { createContext, useContext, type ComponentType } from 'react';

/**
 * "Make Payment" belongs to the payments feature, which a feature may not import (feature isolation, eslint): the
 * student routes hand its button in through this slot (`routes/_student/student/essays.tsx`), and the cards render it.
 */
export type PayAction = ComponentType<{ essayId: string }>;

const PaySlotContext = createContext<PayAction | null>(null);

export const PaySlotProvider = PaySlotContext.Provider;

export function PaySlot({ essayId }: { essayId: string }) {
  const Action = useContext(PaySlotContext);
  return Action ? <Action essayId={essayId} /> : null;
}
