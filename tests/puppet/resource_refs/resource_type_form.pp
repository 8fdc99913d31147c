notice(Resource[File, '/a'], Resource['file', '/b'], Resource[File])
