// The discussion page and its chat (another change moves them onto components/chat) still import `Bone` from
// here: the one placeholder is components/ui/Skeleton. Delete this file when nothing imports it.
export { Skeleton as Bone } from '../../../components/ui/Skeleton';
