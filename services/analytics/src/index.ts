export * from './app.module';
export * from './config';
export { EventsService } from './events/events.service';
export { ZeroResultAlertsService } from './alerts/zero-result-alerts.service';
