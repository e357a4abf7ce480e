// Original file: proto/parapet/v1/client.proto


export interface TelegramStatus {
  'state'?: (string);
  'detail'?: (string);
  'bot_username'?: (string);
  'last_update_at'?: (string);
  'allowed_users'?: (number);
  'poll_failures'?: (number);
  'last_failure'?: (string);
}

export interface TelegramStatus__Output {
  'state': (string);
  'detail': (string);
  'bot_username': (string);
  'last_update_at': (string);
  'allowed_users': (number);
  'poll_failures': (number);
  'last_failure': (string);
}
