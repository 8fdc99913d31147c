notify { private: }
