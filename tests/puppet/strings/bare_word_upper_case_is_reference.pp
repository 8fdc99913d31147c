notice(File)
notice(Notify)
notice(File == 'File')
notice(File == Resource['file'])
