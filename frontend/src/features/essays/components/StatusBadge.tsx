import { Tag } from '../../../components/ui/Tag';
import { STATUS_LABELS, STATUS_TONES, type Essay } from '../essay-rules';

/** The essay's status with the spec's label (In Progress → Under Review, Completed → Reviewed). */
export function StatusBadge({ status }: { status: Essay['status'] }) {
  return <Tag tone={STATUS_TONES[status]}>{STATUS_LABELS[status]}</Tag>;
}
