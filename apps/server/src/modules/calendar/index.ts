export { calendarReadRules, createCalendarService, type CalendarService } from './calendar.service';
export { calendarRoutes } from './calendar.routes';
