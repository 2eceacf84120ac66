// @sniff/feedback: feedback/send (spec section 7), mail through nodemailer over SMTP.
export {};
