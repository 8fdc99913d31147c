define string {}
