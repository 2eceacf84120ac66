// @sniff/feedback: feedback/send (spec section 7), stored, then mailed through nodemailer over SMTP.
export { FeedbackAppModule } from './app.module';
export { feedbackConfigSchema, type FeedbackConfig } from './config';
