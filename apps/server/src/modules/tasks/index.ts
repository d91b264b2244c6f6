export { createTasksService, tasksReadRules, type TasksService } from './tasks.service';
export { tasksRoutes } from './tasks.routes';
export { tasksApi } from './tasks.api';
