import type { LinkProps } from '@tanstack/react-router';
import type { IconType } from 'react-icons';
import {
  FiBookOpen,
  FiCalendar,
  FiCheckSquare,
  FiCreditCard,
  FiFileText,
  FiGrid,
  FiInbox,
  FiLayers,
  FiMessageSquare,
  FiRepeat,
  FiServer,
  FiSettings,
  FiUpload,
  FiUser,
  FiUserCheck,
  FiUsers,
} from 'react-icons/fi';
import type { Role } from '../../lib/session';

/** A page of the app (`to`), or a page the API serves itself (`href`, opened in a new tab: Bull Board). */
export type NavItem = { label: string; icon: IconType } & ({ to: NonNullable<LinkProps['to']>; href?: never } | { href: string; to?: never });

export interface RoleNavigation {
  primary: NavItem[];
  secondary: NavItem[];
}

/** Sidebar items per role: the student's, the tutor's and the admin's menus. */
export const NAVIGATION: Record<Role, RoleNavigation> = {
  student: {
    primary: [
      { label: 'Dashboard', to: '/student/dashboard', icon: FiGrid },
      { label: 'Essays', to: '/student/essays', icon: FiFileText },
      { label: 'Upload Essay', to: '/student/essay-upload', icon: FiUpload },
      { label: 'Tutoring Sessions', to: '/student/interviews', icon: FiCalendar },
      { label: 'Tutor List', to: '/student/tutor-list', icon: FiUsers },
      { label: 'Chats', to: '/student/chats', icon: FiMessageSquare },
    ],
    secondary: [{ label: 'Profile', to: '/student/profile', icon: FiUser }],
  },
  tutor: {
    primary: [
      { label: 'Dashboard', to: '/tutor/dashboard', icon: FiGrid },
      { label: 'Essay Pool', to: '/tutor/essay-pool', icon: FiInbox },
      { label: 'Essay Reviews', to: '/tutor/essay-feedback', icon: FiCheckSquare },
      { label: 'Tutoring', to: '/tutor/interviews', icon: FiCalendar },
      { label: 'Tutoring Profile', to: '/tutor/tutoring-profile', icon: FiBookOpen },
      { label: 'Chats', to: '/tutor/chats', icon: FiMessageSquare },
    ],
    secondary: [{ label: 'Profile', to: '/tutor/profile', icon: FiUser }],
  },
  admin: {
    primary: [
      { label: 'Dashboard', to: '/admin/dashboard', icon: FiGrid },
      { label: 'Approve Tutors', to: '/admin/tutors', icon: FiUserCheck },
      { label: 'Student Management', to: '/admin/students', icon: FiUsers },
      { label: 'Tutor Management', to: '/admin/tutors-management', icon: FiLayers },
      { label: 'Transactions', to: '/admin/transactions', icon: FiRepeat },
      { label: 'Payment Management', to: '/admin/payments', icon: FiCreditCard },
      { label: 'Content', to: '/admin/content', icon: FiSettings },
    ],
    secondary: [{ label: 'Job queues', href: '/api/admin/queues', icon: FiServer }],
  },
};

export const ROLE_LABELS: Record<Role, string> = { student: 'Student', tutor: 'Tutor', admin: 'Admin' };
