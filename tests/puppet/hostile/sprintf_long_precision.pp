notice(sprintf('%.70000f', 1).length)
notice(sprintf('%.65536e', 1).length)
notice(sprintf('%.65535e', 1).length)
notice(sprintf('%.65536g', 1).length)
