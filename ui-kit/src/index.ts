export { Dialog } from './dialog';
export { day, moment, sizeOf } from './format';
export { Notice, PageTitle } from './notice';
export { codeOf, describeProblem, fieldOf, fieldProblemOf, type Envelope } from './problem';
export { Link, navigate, useLocation } from './router';
export { dismiss, toast, Toasts, type Toast } from './toast';
export { accentColors, applyAccent, defaultWelcome, PortalHero } from './portal-front';
export { FieldInput, Labelled, type FormFieldShape } from './form-fields';
export { REQUEST_STATUSES } from './request-statuses';
