export { allocateEmployeeCode } from './employees.repository';
export { createEmployeesService, type EmployeesService } from './employees.service';
export { employeesRoutes } from './employees.routes';
