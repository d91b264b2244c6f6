export { createTasksService, tasksReadRules, type TasksService } from './tasks.service';
export { tasksRoutes } from './tasks.routes';
