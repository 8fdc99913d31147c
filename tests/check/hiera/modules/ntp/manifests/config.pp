class ntp::config (Boolean $manage = true) {
}
