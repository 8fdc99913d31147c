class role::web {
  notify { 'web role': }
}
