notice(File['/etc/x'])
notice(Notify['hello'])
notice(Package[nginx])
