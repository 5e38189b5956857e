/** English defaults for the `elicitation` message namespace. */
export const elicitationMessages = {
  heading_form: 'The agent needs some information',
  heading_url: 'The agent asks you to open a web page',
  heading_unknown_mode: 'The agent sent a request this app cannot show',
  unknown_mode: 'Request mode "{mode}" is not supported, so it was refused.',

  required_legend: 'Fields marked * are required.',
  required_hidden: '(required)',
  secret_warning: 'This looks like a request for a password, key or other secret. Never enter passwords here: agents must not ask for them in a form.',
  unsupported_field: 'This field type is not supported ({type}). It will not be sent.',
  unsupported_required: 'This form needs a field this app cannot show, so it cannot be accepted. Decline or cancel instead.',
  choose_option: 'Choose…',
  clear_choice: 'Clear',
  number_range: 'Between {min} and {max}',
  number_min: 'At least {min}',
  number_max: 'At most {max}',
  length_range: '{min} to {max} characters',
  length_min: 'At least {min} characters',
  length_max: 'At most {max} characters',
  items_range: 'Choose {min} to {max}',
  items_min: 'Choose at least {min}',
  items_max: 'Choose at most {max}',
  invalid_summary: 'Some fields need attention before this can be sent.',

  error_required: 'This field is required.',
  error_min_length: 'Enter at least {limit} characters.',
  error_max_length: 'Enter at most {limit} characters.',
  error_pattern: 'The value does not have the expected format.',
  error_email: 'Enter an email address, like name@example.com.',
  error_uri: 'Enter a full address, like https://example.com.',
  error_date: 'Enter a valid date.',
  error_date_time: 'Enter a valid date and time.',
  error_number: 'Enter a number.',
  error_integer: 'Enter a whole number.',
  error_minimum: 'Enter {limit} or more.',
  error_maximum: 'Enter {limit} or less.',
  error_option: 'Choose one of the listed options.',
  error_min_items: 'Choose at least {limit}.',
  error_max_items: 'Choose at most {limit}.',
  error_unsupported: 'This field cannot be filled in here.',

  accept: 'Accept',
  submit: 'Submit',
  decline: 'Decline',
  cancel: 'Cancel',

  url_intro: 'Review the full address before opening it. It opens in a new tab that this app cannot see.',
  url_label: 'Address',
  host_label: 'Site',
  open: 'Open',
  open_again: 'Open again',
  warning_punycode: 'The site name uses international characters (punycode "xn--"). It may imitate a familiar site: check it carefully.',
  warning_insecure: 'This address is not encrypted (http).',
  warning_credentials: 'The address contains a user name or password before the site name, which can disguise where it leads.',
  refused_invalid: 'This is not a valid web address, so it cannot be opened.',
  refused_scheme: 'Only https addresses can be opened.',
  refused_insecure: 'Only https addresses can be opened (plain http is allowed only for this computer).',
  waiting: 'Waiting for completion…',
  waiting_hint: 'Finish in the new tab. If nothing happens here, mark it done or stop waiting.',
  done: 'Done',
  stop_waiting: 'Cancel',

  status_accepted: 'Sent.',
  status_url_accepted: 'You opened the page.',
  status_declined: 'You declined this request.',
  status_cancelled: 'This request was cancelled.',
  status_interrupted: 'Interrupted: the connection dropped before this request was answered.',
  status_completed: 'Completed.',
  status_marked_done: 'Marked as done.',
  status_stopped_waiting: 'Stopped waiting for completion.',
  value_yes: 'Yes',
  value_no: 'No',
  value_empty: '(none)',
};

export type ElicitationMessages = typeof elicitationMessages;

// The namespace's keys, known to the strings layer: a host's override of a key that does not
// exist fails to compile (see `MessageCatalog`).
declare module '../../i18n/messages.js' {
  interface MessageCatalog {
    elicitation: typeof elicitationMessages;
  }
}
