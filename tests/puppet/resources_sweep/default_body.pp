notify {
  default:
    message => 'from the default body';
  'a':;
  'b':
    message => 'its own';
}
