export { calendarReadRules, createCalendarService, type CalendarService } from './calendar.service';
export { calendarRoutes } from './calendar.routes';
export { calendarApi } from './calendar.api';
