import { Module } from '@nestjs/common';

/**
 * The admin area's cross-module pieces only: the dashboard (the figures of several modules on one screen) and, later,
 * the audit log. None is built yet, so the module is empty. A module's own admin routes are not here: each module
 * has an admin slice (`<module>.admin.controller.ts` + `<module>-admin.service.ts`, registered by that module, e.g.
 * Chat's moderation and Payments' ledger), docs/architecture.md "Access policies and admin slices".
 */
@Module({})
export class AdminModule {}
