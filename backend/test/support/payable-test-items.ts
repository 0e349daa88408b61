// Payable items for the payments tests, registered through the PayableItems port exactly as Essays and Tutoring
// will register theirs. In memory: the tests flip the flags the real modules would derive from their rows.
import { randomUUID } from 'node:crypto';
import { Injectable, Module, type OnApplicationBootstrap } from '@nestjs/common';
import { PaymentsModule } from '../../src/modules/payments/payments.module.js';
import { PayableItems, type PayableItem, type PayableItemResolver, type StudentPaymentType } from '../../src/modules/payments/payable-items.service.js';

export interface TestItem {
  id: string;
  kind: 'essay' | 'tutoring_session';
  studentId: string;
  tutorId: string | null;
  amountPence: number;
  title: string;
  payable: boolean;
  payoutEligible: boolean;
  refundable: boolean;
  /** markPaid answers false (the hold ended before the money arrived). */
  unavailable: boolean;
  paid: number;
  refunded: number;
  tutorPaid: number;
}

@Injectable()
export class TestItems implements OnApplicationBootstrap {
  readonly all = new Map<string, TestItem>();

  constructor(private readonly payable: PayableItems) {}

  /**
   * After every module registered its own kinds: a kind a real module serves (Essays registers `essay`) is
   * answered from memory for the test items and by the real resolver for everything else, so these tests
   * and the real essays' tests share one app.
   */
  onApplicationBootstrap(): void {
    this.install(this.resolver('essay', 'student_essay_payment', 'essay'));
    this.install(this.resolver('tutoring_session', 'student_tutoring_payment', 'tutoring'));
  }

  private install(test: PayableItemResolver): void {
    const real = this.payable.find(test.kind);
    if (!real) return this.payable.register(test);
    const mine = (id: string) => this.all.get(id)?.kind === test.kind;
    const load = real.load.bind(real);
    const markPaid = real.markPaid.bind(real);
    const markRefunded = real.markRefunded.bind(real);
    const markTutorPaid = real.markTutorPaid.bind(real);
    real.load = (id, tx, options) => (mine(id) ? test.load(id, tx, options) : load(id, tx, options));
    real.markPaid = (id, payment, tx) => (mine(id) ? test.markPaid(id, payment, tx) : markPaid(id, payment, tx));
    real.markRefunded = (id, payment, tx) => (mine(id) ? test.markRefunded(id, payment, tx) : markRefunded(id, payment, tx));
    real.markTutorPaid = (id, payout, tx) => (mine(id) ? test.markTutorPaid(id, payout, tx) : markTutorPaid(id, payout, tx));
  }

  create(values: Partial<TestItem> & Pick<TestItem, 'studentId'>): TestItem {
    const item: TestItem = {
      id: randomUUID(),
      kind: 'essay',
      tutorId: null,
      amountPence: 1500,
      title: 'The causes of the First World War',
      payable: true,
      payoutEligible: false,
      refundable: true,
      unavailable: false,
      paid: 0,
      refunded: 0,
      tutorPaid: 0,
      ...values,
    };
    this.all.set(item.id, item);
    return item;
  }

  private resolver(kind: TestItem['kind'], paymentType: StudentPaymentType, returnSegment: 'essay' | 'tutoring'): PayableItemResolver {
    const find = (id: string) => {
      const item = this.all.get(id);
      return item?.kind === kind ? item : undefined;
    };
    return {
      kind,
      paymentType,
      returnSegment,
      load: (id: string): Promise<PayableItem | undefined> => {
        const item = find(id);
        if (!item) return Promise.resolve(undefined);
        return Promise.resolve({
          id: item.id,
          studentId: item.studentId,
          tutorId: item.tutorId,
          amountPence: item.amountPence,
          description: `${kind === 'essay' ? 'Essay review' : 'Tutoring session'}: ${item.title}`,
          notPayableReason: item.paid > item.refunded ? 'This has already been paid for' : item.payable ? null : 'This cannot be paid for yet',
          payoutBlockedReason: item.payoutEligible ? null : 'The tutor can be paid 48 hours after completion, or once the student accepts',
          refundBlockedReason: item.refundable ? null : 'The refund window has closed',
          metadata: { title: item.title, academicLevel: 'A-Level' },
        });
      },
      markPaid: (id: string): Promise<boolean> => {
        const item = find(id)!;
        item.paid += 1;
        return Promise.resolve(!item.unavailable);
      },
      markRefunded: (id: string): Promise<void> => {
        find(id)!.refunded += 1;
        return Promise.resolve();
      },
      markTutorPaid: (id: string): Promise<void> => {
        find(id)!.tutorPaid += 1;
        return Promise.resolve();
      },
    };
  }
}

@Module({ imports: [PaymentsModule], providers: [TestItems], exports: [TestItems] })
export class TestPayablesModule {}
