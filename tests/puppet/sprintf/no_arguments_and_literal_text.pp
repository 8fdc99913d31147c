notice(sprintf('plain text'))
notice(sprintf(''))
notice(sprintf('100%%'))
