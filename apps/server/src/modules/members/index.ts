export { createMembersService, membersReadRules } from './members.service';
export { membersRoutes } from './members.routes';
export { membersApi } from './members.api';
