// What the app shell may use of the employee directory: its screen (loaded lazily from the page table).
export { DirectoryPage } from './pages/directory-page';
// The employee pickers other features' forms and filters use (a project team, a shift, a filter).
export {
  EmployeeMultiPicker,
  EmployeePicker,
  pickedEmployee,
  useEmployeeSearch,
  type PickedEmployee,
} from './components/employee-pickers';
