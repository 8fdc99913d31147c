notice(file['/tmp'])
