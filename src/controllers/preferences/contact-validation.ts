// Moved to src/shared so the views' forms run the same rules the engine enforces.
export * from '../../shared/contact-validation';
