include monit
