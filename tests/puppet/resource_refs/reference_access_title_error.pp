notice(File['/a']['/b'])
