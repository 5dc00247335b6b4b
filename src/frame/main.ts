/** The script of the frame page (`/frame/card`): starts the frame in this window. */
import { startFrame } from './frame.js';

startFrame();
