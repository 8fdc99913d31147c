notice(String(Binary('-_8=', '%u'), '%B'))
notice(String(Binary('-_8', '%u'), '%B'))
