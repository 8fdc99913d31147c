notice(defined(File))
