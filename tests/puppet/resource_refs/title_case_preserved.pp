notice(File['/Tmp/X'])
notice(File['/Tmp/X'] == File['/tmp/x'])
