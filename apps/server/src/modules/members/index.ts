export { createMembersService, membersReadRules, type MembersService } from './members.service';
export { membersRoutes } from './members.routes';
export { membersApi } from './members.api';
