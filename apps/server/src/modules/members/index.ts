export { createMembersService } from './members.service';
export { membersRoutes } from './members.routes';
