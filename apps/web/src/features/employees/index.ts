// What the app shell may use of the employee directory: its screen (loaded lazily from the page table).
export { DirectoryPage } from './pages/directory-page';
