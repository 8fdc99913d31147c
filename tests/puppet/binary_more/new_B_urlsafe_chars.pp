notice(Binary('-_8=', '%B'))
