export { createEmployeesService, employeesReadRules, type EmployeesService } from './employees.service';
export { employeesRoutes } from './employees.routes';
export { employeesApi } from './employees.api';
