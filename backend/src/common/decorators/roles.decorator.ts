import { SetMetadata } from '@nestjs/common';

export type Role = 'student' | 'tutor' | 'admin';
export const ROLES = 'roles';
/** Restricts a route to users holding one of these roles (a user with both profiles holds student and tutor). */
export const Roles = (...roles: Role[]) => SetMetadata(ROLES, roles);
