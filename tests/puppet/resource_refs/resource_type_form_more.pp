notice(Resource['file', '/tmp'])
notice(Resource[File])
notice(Resource[file])
notice(Resource[file, 'a', 'b'])
