// What the app shell may use of the employee directory: its screen (loaded lazily from the page table).
export { DirectoryPage } from './pages/directory-page';
// The one employee picker (and its many-employee form) every feature's forms and filters use: a
// project team, a shift, a template's employees, a review or goal, the performance filter.
export { EmployeeMultiPicker, EmployeePicker, type PickedEmployee } from './components/employee-pickers';
