export { createTasksService, type TasksService } from './tasks.service';
export { tasksRoutes } from './tasks.routes';
