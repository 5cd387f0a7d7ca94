export * from './core';
export * from './money-people';
export * from './goods-in';
export * from './config-content';
export * from './marketing';
export * from './goods-out';
export * from './backup';
export * from './open';
