include logrotate
