file {'/tmp/motd': contnet => 'hi'}
