export { HelpPage } from './help-page';
export { FAQ_CATEGORIES, type Faq, type FaqCategory } from './faq-content';
