notice(Binary('-_8=', '%b'))
