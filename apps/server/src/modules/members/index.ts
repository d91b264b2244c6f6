export { createMembersService, membersReadRules } from './members.service';
export { membersRoutes } from './members.routes';
