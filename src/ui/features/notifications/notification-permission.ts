// The browser's desktop-notification permission, read safely where the API is missing
// (an embedded frame without it, an old browser, jsdom).
export type NotificationPermissionState = NotificationPermission | 'unsupported';

export function notificationPermission(): NotificationPermissionState {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

/** Asks once; browsers only show the prompt from a user gesture, so call it from a click. */
export async function requestNotificationPermission(): Promise<NotificationPermissionState> {
  if (typeof Notification === 'undefined') return 'unsupported';
  return Notification.requestPermission();
}
